from django.urls import path

from play.review import views

urlpatterns = [
    path("analysis/<slug:slug>/", views.board, name="analysis"),
    path("analysis/<slug:slug>/study/", views.save_study, name="analysis-save"),
    path("analysis/evaluation/<str:token>/", views.evaluation, name="analysis-evaluation"),
    path("study/<str:token>/", views.open_study, name="study"),
    path("g/<str:public_id>/record/", views.game_record, name="game-record"),
    path("g/<str:public_id>/review/", views.game_review, name="game-review"),
    path("g/<str:public_id>/learn/", views.learn, name="game-learn"),
    path("g/<str:public_id>/learn/<str:token>/", views.learn_check, name="game-learn-check"),
    path("import/", views.import_record, name="import"),
]
